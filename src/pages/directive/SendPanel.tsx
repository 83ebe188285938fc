import { SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Divider, Form, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFields } from '../../components/command/CommandFields';
import { DEVICE_PROTOCOL } from '../../domain/codes';
import { commandBody, type CommandDef, type ParamValues } from '../../domain/command-set';
import type { MonitorDevice } from '../../domain/device-view';
import { errorText } from '../../i18n/errorText';
import { findNbDeviceId, saveOffline, sendCommand, type Preset, type SendAnswer } from './api';
import { PresetBar } from './PresetBar';
import { ResultView } from './ResultView';
import { WriteGuard } from '../../components/WriteGuard';

interface Props {
  device: MonitorDevice;
  commands: readonly CommandDef[];
  /** After a command was sent or queued: the history reloads. */
  onSent: () => void;
}

type Values = { command?: { commandKey?: string; params?: ParamValues } };

/**
 * The console's form for one device and the flow of spec section 4: confirmation for commands
 * that need it, the NB-IoT deviceId lookup, send, the classified reply, and on a timeout without
 * offline support the question whether to keep it as an offline command. Refusals (demo, the
 * normal-mode command to an online device, out-of-scope) come from the server in the user's
 * language.
 */
export function SendPanel({ device, commands, onSent }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<SendAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nbProblem, setNbProblem] = useState<string | null>(null);
  const [preset, setPreset] = useState<Preset | null>(null);
  const available = useMemo(() => new Set(commands.map((c) => c.key)), [commands]);

  useEffect(() => {
    form.resetFields();
    setAnswer(null);
    setError(null);
    setNbProblem(null);
    if (device.deviceProtocol !== DEVICE_PROTOCOL.Nbiot) return;
    let live = true;
    findNbDeviceId(device.terminalID).catch((e) => live && setNbProblem(errorText(e)));
    return () => {
      live = false;
    };
  }, [device.terminalID, device.deviceProtocol, form]);

  const body = (v: Values) => ({ terminalID: device.terminalID, ...commandBody(v.command) });

  const offerOffline = (b: ReturnType<typeof body>) =>
    modal.confirm({
      title: t('errors:commandTimeout'),
      okText: t('command:console.saveOffline'),
      cancelText: t('command:console.cancel'),
      onOk: async () => {
        try {
          await saveOffline(b);
          void message.success(t('errors:commandQueued'));
          onSent();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  const send = async (v: Values) => {
    const b = body(v);
    setSending(true);
    setError(null);
    setAnswer(null);
    try {
      const a = await sendCommand(b);
      setAnswer(a);
      onSent();
      if (a.askOffline) offerOffline(b);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  };

  const submit = (v: Values) => {
    const def = commands.find((c) => c.key === v.command?.commandKey);
    if (!def?.confirm) return void send(v);
    modal.confirm({
      title: t('command:console.confirmTitle', { name: t(`command:${def.labelKey}`) }),
      onOk: () => send(v),
    });
  };

  const apply = (p: Preset) => {
    setPreset(p);
    form.setFieldValue(['command', 'commandKey'], p.commandKey);
    form.setFieldValue(['command', 'params'], p.params ?? {});
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="send-panel">
      {nbProblem ? <Alert type="error" showIcon message={nbProblem} data-testid="nb-problem" /> : null}
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 520 }}>
        <CommandFields root="command" commands={commands} preset={preset} />
        <WriteGuard>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={sending}
            disabled={Boolean(nbProblem)}
            data-testid="command-send"
          >
            {t('command:console.send')}
          </Button>
        </WriteGuard>
      </Form>
      {error ? <Alert type="error" showIcon message={error} data-testid="command-error" /> : null}
      {answer ? <ResultView answer={answer} /> : null}
      <Divider orientation="left" plain>
        {t('command:preset.pick')}
      </Divider>
      <PresetBar
        available={available}
        onApply={apply}
        current={() => {
          const v = form.getFieldsValue() as Values;
          return v.command?.commandKey ? commandBody(v.command) : null;
        }}
      />
    </Space>
  );
}
