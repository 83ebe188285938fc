import { IDLE_MAX_S, IDLE_MIN_S } from '../../../src/domain/reports/rules';
import { EXPORT_RANGES, STATS_PAGE_SIZE, STATS_REPORTS } from '../../../src/domain/track';
import { INT32_MAX } from '../../../src/domain/limits';
import {
  Body,
  DateOnly,
  Id,
  Int,
  List,
  OneOf,
  TerminalIdList,
  Text,
  Type,
} from '../../lib/schema/primitives';
import { MinStay } from '../track/schemas';

/** Request pieces of the statistics routes (docs/api/statistics.md). */
const Scope = {
  userId: Type.Optional(Id()),
  includeSubtree: Type.Optional(Type.Boolean()),
  terminalIDs: Type.Optional(TerminalIdList()),
};
const Dates = { startDate: DateOnly(), endDate: DateOnly() };
const OptionalDates = { startDate: Type.Optional(DateOnly()), endDate: Type.Optional(DateOnly()) };
/** Statistics pages are up to the spec's 100,000 rows (STATISTICS_PAGE_SIZE), the default. */
const Page = {
  pageNum: Type.Optional(Int(1, INT32_MAX)),
  pageSize: Type.Optional(Int(1, STATS_PAGE_SIZE)),
};
const Options = {
  groupBy: Type.Optional(OneOf(['deviceDay', 'device', 'day'])),
  types: Type.Optional(List(Text(32), 50)),
  minStaySeconds: MinStay,
  expiry: Type.Optional(OneOf([7, 60, -1])),
};

export const StatsBody = Body({ ...Scope, ...Dates, ...Page });
export const MileageBody = Body({ ...Scope, ...Dates, ...Page, groupBy: Options.groupBy });
export const AlarmBody = Body({ ...Scope, ...Dates, ...Page, types: Options.types });
export const StayBody = Body({ ...Scope, ...Dates, ...Page, minStaySeconds: Options.minStaySeconds });
export const EngineBody = Body({
  ...Scope,
  ...Dates,
  ...Page,
  minIdleSeconds: Type.Optional(Int(IDLE_MIN_S, IDLE_MAX_S)),
});
export const PastDueBody = Body({ ...Scope, ...Page, expiry: Options.expiry });
export const BatteryBody = Body({ ...Scope, ...OptionalDates, ...Page });
/** battery {id} (spec section 7, a GET): the battery count of account `id`, the spec's name for userId. */
export const BatteryByIdQuery = Body({
  id: Type.Optional(Id({ description: "The account (the spec's name for userId)" })),
  includeSubtree: Scope.includeSubtree,
  terminalIDs: Scope.terminalIDs,
  ...OptionalDates,
  ...Page,
});

/** A report as xlsx: the report's own request, dates required by the reports that use them. */
export const ExportBody = Body({ report: OneOf(STATS_REPORTS), ...Scope, ...OptionalDates, ...Options });
export const CountExportBody = Body({
  report: OneOf(STATS_REPORTS),
  range: OneOf(EXPORT_RANGES),
  ...Scope,
  ...Options,
});
