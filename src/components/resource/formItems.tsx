import { Form } from 'antd';
import type { TFunction } from 'i18next';
import type { EntityDescriptor } from '../../resources/types';
import { fieldOf, fieldRules, labelKeyOf, type FieldRule } from './derive';
import { FieldInput } from './FieldInput';
import { AllSetsCommandFields } from '../command/AllSetsCommandFields';

/**
 * Form items of the named fields as an array (layouts such as QueryFilter place each child in
 * its own cell): label, rules with the shared validators, help text and input.
 */
export function formItems(
  entity: EntityDescriptor,
  names: readonly string[],
  t: TFunction,
  withRules = true,
  disabledAccounts?: readonly number[],
) {
  return names.map((name) => {
    const field = fieldOf(entity, name);
    // A command is several form items: the picker and the parameters its definition declares.
    if (field.type === 'command') return <AllSetsCommandFields key={name} root={name} />;
    return (
      <Form.Item
        key={name}
        name={name}
        label={t(labelKeyOf(entity, name))}
        rules={withRules ? (fieldRules(entity, name, t) as FieldRule[] as never) : undefined}
        extra={field.helpKey ? t(`${entity.namespace}:${field.helpKey}`) : undefined}
      >
        <FieldInput entity={entity} name={name} disabledAccounts={disabledAccounts} />
      </Form.Item>
    );
  });
}
