import { TIRE_MODEL } from '../../../src/domain/tire';
import { DEVICE_PROTOCOL, IMPORT_PROTOCOL } from '../../../src/domain/codes';
import type { Db } from '../client';
import { deviceTypes } from '../schema/device-types';
import {
  GT06_COMMANDS,
  JT808_COMMANDS,
  LONG_STANDBY_COMMANDS,
  PERSONAL_COMMANDS,
  WIRELESS_COMMANDS,
} from './command-sets';
import { H02_COMMANDS, MEITRACK_COMMANDS, TELTONIKA_COMMANDS, TK103_COMMANDS } from './family-command-sets';

/** Demo device models; their command sets are in command-sets.ts. */

export const SEED_DEVICE_TYPES = [
  {
    name: 'GT06N',
    protocol: DEVICE_PROTOCOL.Gt06,
    importProtocol: IMPORT_PROTOCOL.gt06,
    description: 'GT06 vehicle tracker with relay',
    iconType: 1,
    commands: GT06_COMMANDS,
  },
  {
    name: 'GT800',
    protocol: DEVICE_PROTOCOL.Gt06,
    importProtocol: IMPORT_PROTOCOL.gt06,
    description: 'GT06 motorcycle tracker',
    iconType: 3,
    commands: GT06_COMMANDS,
  },
  {
    name: 'JM-VL01',
    protocol: DEVICE_PROTOCOL.Gt06,
    importProtocol: IMPORT_PROTOCOL.gt06,
    description: '4G GT06 tracker',
    iconType: 2,
    commands: GT06_COMMANDS,
  },
  {
    name: 'JT808-A',
    protocol: DEVICE_PROTOCOL.eight,
    importProtocol: IMPORT_PROTOCOL.jt808,
    description: 'JT/T 808 vehicle terminal',
    iconType: 4,
    commands: JT808_COMMANDS,
  },
  {
    name: 'Y808',
    protocol: DEVICE_PROTOCOL.Y808,
    importProtocol: IMPORT_PROTOCOL.jt808,
    description: 'Y808 truck terminal',
    iconType: 5,
    commands: JT808_COMMANDS,
  },
  {
    name: 'GW005',
    protocol: DEVICE_PROTOCOL.GW005808,
    importProtocol: IMPORT_PROTOCOL.jt808LongStandby,
    description: 'GW005 long-standby asset tracker (808)',
    iconType: 9,
    commands: LONG_STANDBY_COMMANDS,
  },
  {
    name: 'BSJ-A6',
    protocol: DEVICE_PROTOCOL.Bsj,
    importProtocol: IMPORT_PROTOCOL.bsj11,
    description: 'BSJ 11-digit terminal',
    iconType: 4,
    commands: JT808_COMMANDS,
  },
  {
    name: 'R001',
    protocol: DEVICE_PROTOCOL.R001,
    importProtocol: IMPORT_PROTOCOL.other,
    description: 'R001 wireless tracker (offline commands)',
    iconType: 9,
    commands: WIRELESS_COMMANDS,
  },
  {
    name: 'NB-100',
    protocol: DEVICE_PROTOCOL.Nbiot,
    importProtocol: IMPORT_PROTOCOL.other,
    description: 'NB-IoT asset tracker (offline commands)',
    iconType: 9,
    commands: WIRELESS_COMMANDS,
  },
  {
    name: 'K100',
    protocol: DEVICE_PROTOCOL.K100,
    importProtocol: IMPORT_PROTOCOL.other,
    description: 'K100 personal tracker',
    iconType: 7,
    commands: PERSONAL_COMMANDS,
  },
  {
    // Tire pressure monitoring: JT/T 808 item 0x66 (server/db/seed/tires.ts picks the devices).
    name: TIRE_MODEL,
    protocol: DEVICE_PROTOCOL.eight,
    importProtocol: IMPORT_PROTOCOL.jt808,
    description: 'JT/T 808 truck terminal with tire pressure monitoring (TPMS)',
    iconType: 5,
    commands: JT808_COMMANDS,
  },
  // The other tracker families (issue 19), each with its own command words (issue 32).
  {
    name: 'FMB920',
    protocol: DEVICE_PROTOCOL.Teltonika,
    importProtocol: IMPORT_PROTOCOL.teltonika,
    description: 'Teltonika FMB920 vehicle tracker',
    iconType: 1,
    commands: TELTONIKA_COMMANDS,
  },
  {
    name: 'ST-901',
    protocol: DEVICE_PROTOCOL.H02,
    importProtocol: IMPORT_PROTOCOL.h02,
    description: 'H02 vehicle tracker with relay',
    iconType: 1,
    commands: H02_COMMANDS,
  },
  {
    name: 'TK103B',
    protocol: DEVICE_PROTOCOL.Tk103,
    importProtocol: IMPORT_PROTOCOL.tk103,
    description: 'TK103 vehicle tracker with relay',
    iconType: 1,
    commands: TK103_COMMANDS,
  },
  {
    name: 'MVT380',
    protocol: DEVICE_PROTOCOL.Meitrack,
    importProtocol: IMPORT_PROTOCOL.meitrack,
    description: 'Meitrack MVT380 vehicle tracker',
    iconType: 1,
    commands: MEITRACK_COMMANDS,
  },
] as const;

export type SeedDeviceTypeName = (typeof SEED_DEVICE_TYPES)[number]['name'];

export async function seedDeviceTypes(db: Db) {
  await db.insert(deviceTypes).values(
    SEED_DEVICE_TYPES.map((t, i) => ({
      name: t.name,
      protocol: t.protocol,
      importProtocol: t.importProtocol,
      description: t.description,
      iconType: t.iconType,
      commandConfig: {
        framing: t.importProtocol === IMPORT_PROTOCOL.gt06 ? ('gt06Text' as const) : ('jt808Text' as const),
        commands: [...t.commands],
      },
      sortOrder: i + 1,
      createdAt: new Date(Date.UTC(2024, 0, 1)),
    })),
  );
}
