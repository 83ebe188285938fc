import { NewPasswordFields } from '../NewPasswordFields';
import { Alert, App, Descriptions, Divider, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../../config/roles';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import type { SessionUser } from '../../providers/session';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';

interface PasswordFields {
  oldPassword: string;
  password: string;
  confirm: string;
}

/**
 * "My account": the user's own record and a password change. The current password is checked
 * first (POST /user/checkUserPassword), then the change is saved (POST /user/updateUser).
 */
export function AccountDialog({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordFields>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const role = roleName(user.role);
  // The demo keeps its password: the change is replaced by why (the one demo refusal).
  const refusal = useWriteRefusal();

  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };

  const save = async (v: PasswordFields) => {
    setSaving(true);
    setError(null);
    try {
      // The check answers true or false; a wrong password is not a failed call.
      if (!(await request<boolean>('/user/checkUserPassword', { password: v.oldPassword }))) {
        setError(t('errors:oldPasswordWrong'));
        return;
      }
      await request('/user/updateUser', { id: user.id, password: v.password, oldPassword: v.oldPassword });
      void message.success(t('account.saved'));
      close();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('account.title')}
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('account.save')}
      cancelText={t('account.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: refusal !== null }}
      destroyOnHidden
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('account.username')}>{user.username}</Descriptions.Item>
        {user.nickname && (
          <Descriptions.Item label={t('account.nickname')}>{user.nickname}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('account.role')}>
          {role ? t(`roles.${role}`) : user.role}
        </Descriptions.Item>
        {user.expireAt && (
          <Descriptions.Item label={t('account.expireAt')}>{user.expireAt.slice(0, 10)}</Descriptions.Item>
        )}
      </Descriptions>
      <Divider orientation="left" plain>
        {t('account.changePassword')}
      </Divider>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {refusal && <Alert type="info" showIcon message={refusal} data-testid="account-read-only" />}
      <Form<PasswordFields>
        form={form}
        layout="vertical"
        onFinish={save}
        requiredMark={false}
        disabled={refusal !== null}
        hidden={refusal !== null}
      >
        <Form.Item
          name="oldPassword"
          label={t('account.oldPassword')}
          rules={[{ required: true, message: t('errors:required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
      </Form>
    </Modal>
  );
}
