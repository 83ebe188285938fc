/**
 * Chinese plate numbers (spec section 5): a province character, the city letter, then four
 * letters or digits and a final character that may also be special (挂 trailer, 学 learner,
 * 警 police, 港/澳 cross-border), or a new-energy plate (D/F in front of or after five
 * characters). I and O are not used on plates, so they are not accepted.
 */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
export const PLATE_SPECIAL_FINALS = '挂学警港澳';

const C = 'A-HJ-NP-Z0-9';
export const PLATE_PATTERN = new RegExp(
  `^[${PLATE_PROVINCES}][A-Z](?:[${C}]{4}[${C}${PLATE_SPECIAL_FINALS}]|[DF][${C}]{5}|[${C}]{5}[DF])$`,
);

/** What is stored and compared: surrounding blanks removed, Latin letters upper case. */
export const normalizePlate = (plate: string) => plate.trim().toUpperCase();

export const isPlate = (plate: string) => PLATE_PATTERN.test(normalizePlate(plate));
