import { App, Form, Modal, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialValues, labelKeyOf, requestBody } from '../../components/resource/derive';
import { formItems } from '../../components/resource/formItems';
import { treeOptions } from '../../components/resource/useAccounts';
import type { AgentTreeNode } from '../../domain/hierarchy';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import { AGENT_ENTITY } from '../../resources/agent/fields';
import { canReceive, fieldsFor, type AccountAction } from './accountActions';
import { useSessionUser } from '../../hooks/useSession';

interface Props {
  action: AccountAction;
  node: AgentTreeNode;
  roots: AgentTreeNode[];
  onClose: (changed: boolean) => void;
}

/** The form (or confirmation) of one account action; the server's message shows on refusal. */
export function AccountActionModal({ action, node, roots, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const user = useSessionUser();
  const fields = user ? fieldsFor(action, node, user) : action.fields;
  const plain = fields.filter((f) => f !== 'transferTo');

  useEffect(() => {
    // Editing starts from the account's current details.
    if (action.name !== 'edit') return;
    form.setFieldsValue({ nickname: node.nickname });
    // The rest (telephone, address, …) is not in the tree rows; a failed read leaves them empty.
    request<Record<string, unknown>>('/user/findById', { id: node.id })
      .then((info) => form.setFieldsValue(info))
      .catch(() => undefined);
  }, [action.name, form, node]);

  const submit = async () => {
    const values = fields.length > 0 ? await form.validateFields() : {};
    setBusy(true);
    try {
      const answer = await request<{ password?: string } | null>(
        action.endpoint,
        action.body(node, requestBody(AGENT_ENTITY, fields, values)),
      );
      if (action.name === 'resetPassword' && answer?.password) {
        // Shown this once: the server keeps only its hash.
        modal.success({
          title: t('agent:oneTimePassword.title', { username: node.username }),
          content: (
            <>
              <Typography.Paragraph copyable={{ text: answer.password }}>
                <Typography.Text code strong data-testid="one-time-password-shown">
                  {answer.password}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('agent:oneTimePassword.note')}</Typography.Paragraph>
            </>
          ),
        });
      } else message.success(t('agent:done'));
      onClose(true);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`${t(`agent:actions.${action.name}`)} · ${node.username}`}
      okText={t('device:generic.submit')}
      okButtonProps={{ danger: action.danger, 'data-testid': 'account-ok' } as never}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      {action.confirm ? (
        <p>{t(`agent:confirm.${action.name}`, { username: node.username })}</p>
      ) : (
        <Form form={form} layout="vertical" initialValues={initialValues(AGENT_ENTITY, fields)}>
          {formItems(AGENT_ENTITY, plain, t)}
          {fields.includes('transferTo') ? (
            <Form.Item
              name="transferTo"
              label={t(labelKeyOf(AGENT_ENTITY, 'transferTo'))}
              rules={[{ required: true }]}
            >
              <TreeSelect
                data-testid="transfer-target"
                treeData={treeOptions(roots, (n) => !canReceive(n, node))}
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
              />
            </Form.Item>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
