/** What findTire answers (docs/api/tire.md; src/domain/tire.ts TireAnswer). */
import { Nullable, Row, Type } from '../../lib/schema/response';

const State = (values: string) => Type.String({ description: values });

const Wheel = Row({
  position: Type.Integer({ description: 'Wheel position number' }),
  pressureKpa: Nullable(Type.Number()),
  temperatureC: Nullable(Type.Number()),
  batteryPct: Nullable(Type.Number()),
  eventType: Type.Integer({ description: 'The event type word the terminal sent' }),
  events: Type.Array(Type.String(), { description: 'Names of the set event bits' }),
  states: Row({
    pressure: State('normal, low or high'),
    temperature: State('normal or high'),
    battery: State('normal or low'),
    status: State('normal or airLeak'),
  }),
  abnormal: Type.Boolean(),
  time: Type.Number({ description: 'Epoch ms of the position the reading came with' }),
});

export const TireAnswer = Row({
  terminalID: Type.String(),
  name: Type.String(),
  deviceType: Type.String(),
  updatedAt: Nullable(Type.Number({ description: 'Epoch ms of the newest reading; null: never reported' })),
  abnormal: Type.Integer({ description: 'Wheels with any state other than normal' }),
  list: Type.Array(Wheel),
});
