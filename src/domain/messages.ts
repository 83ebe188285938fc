/**
 * The error catalogue (spec sections 5 and 8). The server answers `meta.key` with one of these
 * keys and `meta.message` with the English text; the UI shows the key's text in the user's
 * language (locales/<lng>/errors.json holds one entry per key).
 */
export const MESSAGES = {
  sessionExpired: 'Login information expired, please log in again',
  unauthorized: 'Unauthorized access',
  network: 'Network problem, please try again later!',
  demoForbidden: 'DEMO accounts cannot use this function!',
  usernameError: 'User name does not exist',
  wrongPassword: 'Wrong password',
  wrongCredentials: 'Wrong user name or password',
  userExpired: 'This account has expired',
  tooManyAttempts: 'Too many login attempts, please try again later',
  usernameInvalid: 'Please enter a correct user name (3 to 32 letters, digits, _ . @ or -)',
  usernameTaken: 'This user name is already in use',
  passwordRequired: 'Please enter the new password and repeat it',
  passwordMismatch: 'The two inputs do not match',
  passwordTooShort: 'The password must be 6 to 32 characters',
  oldPasswordWrong: 'The current password is wrong',
  transferToSelf: 'An account cannot be transferred to itself',
  transferUnderChild: 'An account cannot be moved under its own sub-account',
  transferToNonAgent: 'The target account cannot have sub-users',
  notAgent: 'This account cannot have sub-users',
  hasChildren: 'This account still has sub-accounts and cannot be deleted',
  hasDevices: 'This account still has devices and cannot be deleted',
  deleteSelf: 'You cannot delete your own account',
  roleNotAllowed: 'You cannot give this role',
  notFound: 'No data found',
  noPermission: 'No permission',
  importNumInvalid: 'The import count must be a whole number',
  importNumInsufficient: 'Insufficient import count',
  simInvalid: 'Please enter the correct SIM card number.',
  telephoneInvalid: 'Please enter the correct telephone number.',
  emailInvalid: 'Please enter a correct email address',
  plateInvalid: 'Please enter a correct plate number',
  required: 'This field is required',
  validationFailed: 'The form has errors',
  duplicateOperation: 'Operation repeated',
} as const;

export type MessageKey = keyof typeof MESSAGES;
