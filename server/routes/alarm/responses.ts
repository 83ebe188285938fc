import { Nullable, Row, Type } from '../../lib/schema/response';

/** Answer schemas of the alarm routes (docs/api/alarms.md); the request schemas are in schemas.ts. */

/** One alarm as the list shows it (AlarmView of server/services/alarm/list.ts). */
export const AlarmRow = Row(
  {
    id: Type.Integer(),
    deviceId: Type.Integer(),
    terminalID: Type.String(),
    name: Type.String({ description: 'Plate, else nickname, else terminal id' }),
    type: Type.String({
      description: 'Alarm type key (src/domain/alarm-types.ts), e.g. sos, overspeed, fenceIn',
    }),
    time: Type.String({ format: 'date-time', description: 'When the device raised it' }),
    lat: Nullable(Type.Number()),
    lon: Nullable(Type.Number()),
    speed: Nullable(Type.Number({ description: 'km/h' })),
    address: Nullable(Type.String({ description: 'Saved by saveAlarmAddress; null until then' })),
    read: Type.Boolean(),
  },
  {
    examples: [
      {
        id: 812,
        deviceId: 31,
        terminalID: '860000000000031',
        name: 'B-1234',
        type: 'overspeed',
        time: '2026-11-20T08:15:00.000Z',
        lat: 22.5431,
        lon: 114.0579,
        speed: 92,
        address: null,
        read: false,
      },
    ],
  },
);

export const MarkResult = Row({ updated: Type.Integer({ minimum: 0, description: 'Alarms changed' }) });
export const DeleteResult = Row({ deleted: Type.Integer({ minimum: 0, description: 'Alarms deleted' }) });
export const AddressResult = Row({
  id: Type.Integer(),
  address: Nullable(Type.String({ description: 'The trimmed address; null when it was blank' })),
});
