import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Input, Popconfirm, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { deletePreset, listPresets, savePreset, type Preset } from './api';
import { WriteGuard } from '../../components/WriteGuard';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';

interface Props {
  /** The command as the form holds it now, or null when none is picked. */
  current: () => { commandKey?: string; params?: Record<string, string | number> } | null;
  onApply: (p: Preset) => void;
  /** Keys of the commands the chosen device may take (presets of other commands are greyed). */
  available: ReadonlySet<string>;
}

/** The account's saved commands: apply one, save the current one under a name, delete. */
export function PresetBar({ current, onApply, available }: Props) {
  const { t } = useTranslation();
  const refusal = useWriteRefusal();
  const { message } = App.useApp();
  const [presets, setPresets] = useState<Preset[]>([]);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number | undefined>();

  const reload = useCallback(() => listPresets().then(setPresets, () => undefined), []);
  useEffect(() => void reload(), [reload]);

  const save = async () => {
    const cmd = current();
    if (!cmd?.commandKey || !name.trim()) return;
    try {
      await savePreset(name.trim(), cmd);
      void message.success(t('command:preset.saved'));
      setName('');
      await reload();
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const remove = async (id: number) => {
    try {
      await deletePreset(id);
      setChosen(undefined);
      await reload();
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  return (
    <Space wrap data-testid="preset-bar">
      <Select
        style={{ width: 220 }}
        placeholder={t('command:preset.pick')}
        value={chosen}
        allowClear
        data-testid="preset-select"
        onChange={(id: number | undefined) => {
          setChosen(id);
          const p = presets.find((x) => x.id === id);
          if (p) onApply(p);
        }}
        options={presets.map((p) => ({
          value: p.id,
          label: p.name,
          disabled: p.commandKey != null && !available.has(p.commandKey),
        }))}
      />
      {chosen ? (
        <Popconfirm
          title={t('command:preset.deleteConfirm')}
          onConfirm={() => void remove(chosen)}
          disabled={refusal !== null}
        >
          <WriteGuard reason={refusal}>
            <Button icon={<DeleteOutlined />} aria-label={t('command:preset.delete')} />
          </WriteGuard>
        </Popconfirm>
      ) : null}
      <Input
        style={{ width: 180 }}
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={t('command:preset.name')}
        data-testid="preset-name"
      />
      <WriteGuard reason={refusal}>
        <Button
          icon={<SaveOutlined />}
          onClick={() => void save()}
          disabled={!name.trim()}
          data-testid="preset-save"
        >
          {t('command:preset.save')}
        </Button>
      </WriteGuard>
    </Space>
  );
}
