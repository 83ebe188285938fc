import { Alert, App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import type { EntityAction, EntityDescriptor } from '../../resources/types';
import { AffectedRows, useAffectedCount } from './AffectedRows';
import { BatchProgressPanel } from './BatchProgressPanel';
import {
  actionBody,
  actionPath,
  fieldOf,
  fileRequest,
  initialValues,
  ownersToExclude,
  requestBody,
} from './derive';
import { postFile } from './fileCalls';
import { formItems } from './formItems';
import { useBatchRun } from './useBatchRun';
import { usePlanStep } from './usePlanStep';

interface Props {
  entity: EntityDescriptor;
  action: EntityAction;
  /** Batch actions: the terminalIDs to run on. */
  targets?: string[];
  /** Row actions: the row acted on. */
  row?: Record<string, unknown>;
  /** Batch actions: the target rows known to the list (for the action's ownerField). */
  targetRows?: Record<string, unknown>[];
  /** The list's current filters (actions on "all matching"). */
  filters?: Record<string, unknown>;
  /** The list's filter fields, to say which filters an action on "all matching" covers. */
  filterNames?: readonly string[];
  onClose: (changed: boolean) => void;
}

/**
 * The form of one action (no fields: a confirmation). A batch action runs through the batch
 * runner and stays open on its progress and result; any other posts once and closes.
 */
export function ActionModal({
  entity,
  action,
  targets = [],
  row,
  targetRows = [],
  filters,
  filterNames = [],
  onClose,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const { state, run } = useBatchRun();
  // A batch with a dry run shows what it will do and runs on Confirm (issue 32).
  const plan = usePlanStep();
  // An action whose answer is to be copied (created codes) shows it here instead of closing.
  const [answer, setAnswer] = useState<string | null>(null);
  // A refusal stays in the form beside what was entered, not in a toast that fades.
  const [refusal, setRefusal] = useState<string | null>(null);
  const fields = action.fields ?? [];
  const finished = Boolean(state.result) || answer !== null;
  // Every target has the same owner: that account is no destination.
  const disabledAccounts = ownersToExclude(action.ownerField, targets, targetRows);
  // An action on every matching row says first how many rows it changes (nothing to do at 0).
  const affected = useAffectedCount(action, filters);

  const submit = async () => {
    if (finished) return onClose(true);
    const values = await form.validateFields();
    const body = actionBody(action, requestBody(entity, fields, values), { row, targets, filters });
    if (action.batch) {
      if (!action.preview) return void (await run(action.endpoint, targets, body));
      setRefusal(null);
      const refused = await plan.ask(action.preview, { ...body, terminalIDs: targets }, () =>
        run(action.endpoint, targets, body),
      );
      if (refused) setRefusal(errorText(refused));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      // A file field: the file is the raw body, the other values the query (a firmware upload).
      const fileField = fields.find((n) => fieldOf(entity, n).type === 'file');
      const upload = fileField ? fileRequest(fileField, fieldOf(entity, fileField), body) : null;
      const data = upload
        ? await postFile(actionPath(action, row), upload.file, upload.query)
        : await request(actionPath(action, row), body);
      message.success(t('device:generic.done'));
      if (action.answer) setAnswer(action.answer(data));
      else onClose(true);
    } catch (err) {
      setRefusal(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(`${entity.namespace}:${action.labelKey}`)}
      okText={
        finished
          ? t('device:generic.close')
          : action.preview
            ? t('device:plan.next')
            : t('device:generic.submit')
      }
      okButtonProps={
        {
          danger: action.danger && !finished,
          disabled: Boolean(action.affects) && affected === 0 && !finished,
          'data-testid': 'action-ok',
        } as never
      }
      confirmLoading={busy || state.running || plan.asking}
      onOk={() => void submit()}
      onCancel={() => onClose(finished)}
      destroyOnHidden
      width={640}
    >
      {action.batch || action.targetsParam ? (
        <p data-testid="action-targets">
          {t([`${entity.namespace}:generic.selectedCount`, 'device:generic.selectedCount'], {
            count: targets.length,
          })}
        </p>
      ) : null}
      {action.affects ? (
        <AffectedRows
          entity={entity}
          action={action}
          filterNames={filterNames}
          filters={filters ?? {}}
          count={affected}
        />
      ) : action.confirmKey ? (
        <p data-testid="action-confirm">{t(`${entity.namespace}:${action.confirmKey}`)}</p>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(entity, fields, action.prefill ? row : undefined)}
        disabled={state.running || finished}
      >
        {formItems(entity, fields, t, true, disabledAccounts)}
      </Form>
      {refusal ? <Alert type="error" showIcon message={refusal} data-testid="action-error" /> : null}
      {action.batch ? <BatchProgressPanel state={state} /> : null}
      {plan.modal}
      {answer !== null ? (
        <Typography.Paragraph copyable={{ text: answer }} data-testid="action-answer">
          <pre style={{ maxHeight: 240, overflow: 'auto', margin: 0 }}>{answer}</pre>
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
