import { Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkParam,
  defaultValues,
  renderCommand,
  type CommandDef,
  type CommandParamDef,
  type ParamValues,
} from '../../domain/command-set';

interface Props {
  /** Form path the command lives under: values[root] = { commandKey, params }. */
  root: string;
  commands: readonly CommandDef[];
  /** A preset: its values replace the defaults when its command is picked. */
  preset?: { commandKey: string | null; params: ParamValues | null } | null;
}

/** The help under a number field: its range and unit. */
function rangeText(p: CommandParamDef, t: TFunction) {
  if (p.type !== 'number') return undefined;
  const unit = p.unitKey ? ` ${t(`command:${p.unitKey}`)}` : '';
  return t('command:console.range', { min: p.min ?? 0, max: p.max ?? '∞' }) + unit;
}

/** The input of one parameter; Form.Item hands it value and onChange, passed on to the control. */
function ParamInput({
  p,
  t,
  ...control
}: {
  p: CommandParamDef;
  t: TFunction;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const bound = control as Record<string, never>;
  switch (p.type) {
    case 'number':
      // No min/max on the input: it would silently clamp; the rule tells the user instead.
      return <InputNumber {...bound} style={{ width: 200 }} data-testid={`param-${p.name}`} />;
    case 'select':
      return (
        <Select
          {...bound}
          style={{ minWidth: 200 }}
          data-testid={`param-${p.name}`}
          options={(p.options ?? []).map((o) => ({ value: o.value, label: t(`command:${o.labelKey}`) }))}
        />
      );
    default:
      return p.name === 'text' ? (
        <Input.TextArea
          {...bound}
          rows={2}
          maxLength={p.maxLength}
          data-testid={`param-${p.name}`}
          style={{ fontFamily: 'monospace' }}
        />
      ) : (
        <Input {...bound} maxLength={p.maxLength} allowClear data-testid={`param-${p.name}`} />
      );
  }
}

/**
 * A command picker and the form its definition generates (as traccar-web builds a form from
 * command attributes): one field per parameter with its range, unit and options, checked by the
 * same rule the server applies, and a preview of the text the device will receive.
 */
export function CommandFields({ root, commands, preset }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const key = Form.useWatch([root, 'commandKey'], form) as string | undefined;
  const params = Form.useWatch([root, 'params'], form) as ParamValues | undefined;
  const def = useMemo(() => commands.find((c) => c.key === key) ?? null, [commands, key]);

  useEffect(() => {
    if (!def) return;
    const fromPreset = preset?.commandKey === def.key ? preset.params : null;
    form.setFieldValue([root, 'params'], { ...defaultValues(def), ...(fromPreset ?? {}) });
    // Only when the command changes: the user's own edits must stay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def]);

  const preview = def ? renderCommand(def, params ?? {}) : null;
  const rule = (p: CommandParamDef): Rule => ({
    validator: async (_, value) => {
      const problem = checkParam(p, value);
      if (problem)
        throw new Error(t(`errors:${problem.key}`, { ...problem.params, field: t(`command:${p.labelKey}`) }));
    },
  });

  return (
    <>
      <Form.Item
        name={[root, 'commandKey']}
        label={t('command:console.command')}
        rules={[{ required: true, message: t('command:console.pickCommand') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="command-select"
          placeholder={t('command:console.pickCommand')}
          style={{ minWidth: 260 }}
          options={commands.map((c) => ({ value: c.key, label: t(`command:${c.labelKey}`) }))}
        />
      </Form.Item>
      {(def?.params ?? []).map((p) => (
        <Form.Item
          key={`${def!.key}.${p.name}`}
          name={[root, 'params', p.name]}
          label={t(`command:${p.labelKey}`)}
          required={!p.optional}
          rules={[rule(p)]}
          extra={rangeText(p, t)}
        >
          <ParamInput p={p} t={t} />
        </Form.Item>
      ))}
      {preview && 'content' in preview ? (
        <Form.Item label={t('command:console.preview')}>
          <Typography.Text code data-testid="command-preview">
            {preview.content}
          </Typography.Text>
        </Form.Item>
      ) : null}
    </>
  );
}
