/**
 * GT06 protocol numbers. Concox and its clones reuse numbers across product lines, so one
 * number may carry several layouts; `variant.ts` tells them apart by the frame's length.
 * docs/protocols.md lists what each number is decoded as and which firmware sends it.
 */
export const GT06_PROTOCOL = {
  login: 0x01,
  gps: 0x10,
  gpsLbs6: 0x11, // two-byte MNC, four-byte cell id
  gpsLbs: 0x12,
  status: 0x13,
  string: 0x15,
  alarm: 0x16,
  wifi: 0x17, // also GPS + LBS + RFID on one variant
  lbsExtend: 0x18,
  lbsStatus: 0x19, // LBS alarm without GPS
  gpsPhone: 0x1a,
  gpsLbsExtend: 0x1e, // JI09
  stringInfo: 0x21,
  gpsLbs2: 0x22,
  heartbeat: 0x23, // GK310
  lbsMultiple3: 0x24,
  gpsLbsDriver: 0x25,
  alarm2: 0x26,
  alarm3: 0x27, // alarm with fence number and a two-byte alarm code
  lbsMultiple1: 0x28,
  lbsWifi: 0x2c,
  gpsLbs4: 0x2d,
  lbsMultiple2: 0x2e,
  gpsLbs5: 0x31,
  alarm4: 0x32, // 7878: GPS + LBS + status; 7979: AZ735 location with optional GPS
  wifi5: 0x33, // 7878: LBS + Wi-Fi; 7979: AZ735 alarm
  x1Gps: 0x34, // also SL4X multi-LBS
  status2: 0x36, // Jimi IoT 4G status with modules (7878 only)
  gpsLbs3: 0x37,
  gpsLbs8: 0x38, // 4G: cell type byte, eight-byte cell id
  alarmModule: 0x39,
  iButton: 0x61,
  wifi2: 0x69,
  modular: 0x70,
  addressRequest: 0x2a, // GK310: asks the server for a street address
  command: 0x80,
  timeRequest: 0x8a,
  obd: 0x8c, // FM08ABC
  info: 0x94,
  alarm95: 0x95, // JC100/JC400 event packet
  gpsLbs7: 0xa0, // 4G location: four-byte LAC, eight-byte cell id
  lbs2: 0xa1, // 4G multi-LBS
  wifi3: 0xa2, // 4G LBS + Wi-Fi; one 4G variant sends GPS + LBS + status under it
  fenceSingle: 0xa3, // GK310 fence location (SEEWORLD: a status packet we do not decode)
  fenceMulti: 0xa4, // 4G alarm with fence number
  lbsAlarm: 0xa5, // 4G LBS alarm
  wifiAlarm: 0xa9,
  wifi4: 0xf3,
  serialData: 0x9b,
  deviceStatus: 0xf1, // Jimi IoT 4G
} as const;
