import { App, Button, Popconfirm, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import type { EntityDescriptor, FormAction } from '../../resources/types';
import { WriteGuard } from '../WriteGuard';
import { formActionWrites } from './writes';

/** The extra buttons of a form view (FormView.actions): each posts its own call. */
export function FormActions({
  entity,
  actions,
  form,
}: {
  entity: EntityDescriptor;
  actions: readonly FormAction[];
  form: FormInstance;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const ns = entity.namespace;

  const run = async (a: FormAction) => {
    setBusy(a.name);
    try {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const data = (await request(a.endpoint, a.body ? a.body(values) : {})) as Record<string, unknown>;
      const d = a.describe?.(data ?? {}) ?? { level: 'success' as const, key: 'device:generic.done' };
      const text = t(d.key.includes(':') ? d.key : `${ns}:${d.key}`, data ?? {});
      message.open({ type: d.level, content: text, duration: 6 });
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap style={{ marginTop: 16 }}>
      {actions.map((a) => {
        const button = (
          <Button
            key={a.name}
            danger={a.danger}
            loading={busy === a.name}
            data-testid={`form-action-${a.name}`}
            onClick={a.confirmKey ? undefined : () => void run(a)}
          >
            {t(`${ns}:${a.labelKey}`)}
          </Button>
        );
        const guarded = a.confirmKey ? (
          <Popconfirm key={a.name} title={t(`${ns}:${a.confirmKey}`)} onConfirm={() => void run(a)}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
        return (
          <WriteGuard key={a.name} write={formActionWrites(a)}>
            {guarded}
          </WriteGuard>
        );
      })}
    </Space>
  );
}
