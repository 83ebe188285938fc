import { Checkbox, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { abilityFor, hasAnyPermission } from '../../domain/ability';
import { useSessionUser } from '../../hooks/useSession';
import type { EntityDescriptor } from '../../resources/types';
import { DateRangeInput } from './DateRangeInput';
import { fieldOf, optionText } from './derive';
import { DeviceSelect } from './DeviceSelect';
import { FileInput } from './FileInput';
import { RemoteSelect } from './RemoteSelect';
import { ZonedDateInput } from './ZonedDateInput';
import { treeOptions, useAccounts } from './useAccounts';

interface Props {
  entity: EntityDescriptor;
  name: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  /** Account fields: accounts that may not be chosen. */
  disabledAccounts?: readonly number[];
}

/** The account picker: the caller's subtree as a searchable tree. */
function AccountSelect({ value, onChange, id, disabledAccounts }: Omit<Props, 'entity' | 'name'>) {
  const { roots, loading } = useAccounts();
  return (
    <TreeSelect
      id={id}
      data-testid="account-select"
      value={value as number | undefined}
      onChange={onChange}
      loading={loading}
      treeData={treeOptions(roots, disabledAccounts ? (n) => disabledAccounts.includes(n.id) : undefined)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
      style={{ minWidth: 220 }}
    />
  );
}

/** The input of one descriptor field, chosen by its type. */
export function FieldInput({ entity, name, value, onChange, id, disabledAccounts }: Props) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const ability = useMemo(() => abilityFor(user), [user]);
  const field = fieldOf(entity, name);
  const options = (field.options ?? [])
    .filter((o) => !o.permissions || hasAnyPermission(ability, o.permissions))
    .map((o) => ({ value: o.value, label: optionText(entity, o, t) }));
  const common = { id, value: value as never, onChange: onChange as never };
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} maxLength={field.maxLength} />;
    case 'json':
      return (
        <Input.TextArea
          {...common}
          rows={16}
          spellCheck={false}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'lines':
      return (
        <Input.TextArea
          {...common}
          rows={6}
          style={{ fontFamily: 'monospace' }}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'number':
      return <InputNumber {...common} min={field.min} max={field.max} style={{ width: 180 }} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" maxLength={field.maxLength} />;
    case 'boolean':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    // Our placeholders: in a QueryFilter antd would fall back to pro-components' Chinese ones.
    case 'date':
      return <ZonedDateInput {...common} placeholder={t('common:pickDate')} style={{ width: 180 }} />;
    case 'datetime':
      return (
        <ZonedDateInput {...common} showTime placeholder={t('common:pickTime')} style={{ width: 200 }} />
      );
    case 'account':
      return <AccountSelect {...common} disabledAccounts={disabledAccounts} />;
    case 'dateRange':
      return (
        <DateRangeInput
          {...common}
          maxDays={field.max}
          allowClear={!field.required}
          namespace={entity.namespace}
        />
      );
    case 'devices':
      return <DeviceSelect {...common} dependsOn={field.dependsOn} />;
    case 'file':
      return <FileInput {...common} label={t(`${entity.namespace}:chooseFile`)} />;
    case 'select':
      if (field.remoteOptions)
        return <RemoteSelect {...common} from={field.remoteOptions} allowClear={!field.required} />;
      if (field.buttons && field.multiple) return <Checkbox.Group {...common} options={options as never} />;
      if (field.buttons)
        return <Radio.Group {...common} optionType="button" buttonStyle="solid" options={options} />;
      return (
        <Select
          {...common}
          allowClear={!field.required}
          mode={field.multiple ? 'multiple' : undefined}
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 160 }}
          options={options}
        />
      );
    default:
      return <Input {...common} maxLength={field.maxLength} allowClear />;
  }
}
