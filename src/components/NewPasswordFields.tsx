import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/validators';

/**
 * A new password and its repetition, with the shared rules: required, the length the server
 * takes, and the two alike. The account dialog and the forced change page both ask for one.
 */
export function NewPasswordFields({ testIds = false }: { testIds?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t('account.newPassword')}
        rules={[
          { required: true, message: t('errors:passwordRequired') },
          { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('errors:passwordTooShort') },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={testIds ? 'new-password' : undefined} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('errors:passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('errors:passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={testIds ? 'confirm-password' : undefined} />
      </Form.Item>
    </>
  );
}
