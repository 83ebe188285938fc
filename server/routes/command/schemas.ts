import { COMMAND_TEXT_MAX, INT32_MAX, NAME_MAX } from '../../../src/domain/limits';
import { COMMAND_FRAMINGS } from '../../../src/domain/command-set';
import { REPLY_PATTERN_MAX } from '../../../src/domain/command-reply';
import { Int, List, Name, OneOf, Required, TerminalId, Text, Type } from '../../lib/schema/primitives';

const Bool = () => Type.Boolean();

/** Request shapes of the command routes: a command of the set with its values, or typed text. */
export const Terminal = TerminalId({ maxLength: 20 });
export const Content = Text(COMMAND_TEXT_MAX);
const Key = Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$', maxLength: 32 });
const ParamValue = Type.Union([Text(COMMAND_TEXT_MAX), Int(-INT32_MAX, INT32_MAX)]);
export const ParamMap = Type.Record(Key, ParamValue, { maxProperties: 16 });

/** Either `content`, or `commandKey` with `params` (issue 13: the form generated from the set). */
export const CommandFields = {
  content: Type.Optional(Content),
  commandKey: Type.Optional(Key),
  params: Type.Optional(ParamMap),
};

const I18nKey = Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$', maxLength: 64 });

const ParamDef = Type.Object(
  {
    name: Key,
    labelKey: I18nKey,
    type: OneOf(['number', 'text', 'select', 'phone'] as const),
    min: Type.Optional(Int(-INT32_MAX, INT32_MAX)),
    max: Type.Optional(Int(-INT32_MAX, INT32_MAX)),
    maxLength: Type.Optional(Int(1, COMMAND_TEXT_MAX)),
    unitKey: Type.Optional(I18nKey),
    optional: Type.Optional(Bool()),
    default: Type.Optional(ParamValue),
    options: Type.Optional(List(Type.Object({ value: Text(NAME_MAX), labelKey: I18nKey }), 32)),
  },
  { additionalProperties: false },
);

/** How the command's reply is judged (src/domain/command-reply.ts); patterns are checked to compile. */
const ReplyRuleSchema = Type.Object(
  {
    success: Type.Optional(Text(REPLY_PATTERN_MAX)),
    error: Type.Optional(Text(REPLY_PATTERN_MAX)),
    any: Type.Optional(Bool()),
  },
  { additionalProperties: false },
);

const CommandDefSchema = Type.Object(
  {
    key: Key,
    labelKey: I18nKey,
    content: Required(COMMAND_TEXT_MAX),
    params: Type.Optional(List(ParamDef, 16)),
    confirm: Type.Optional(Bool()),
    offline: Type.Optional(Bool()),
    raw: Type.Optional(Bool()),
    reply: Type.Optional(ReplyRuleSchema),
  },
  { additionalProperties: false },
);

export const CommandConfig = Type.Object(
  {
    framing: Type.Optional(OneOf(COMMAND_FRAMINGS)),
    commands: List(CommandDefSchema, 64),
  },
  { additionalProperties: false },
);

export const DeviceTypeName = Name({ minLength: 1, maxLength: 32 });
