import { App, Button, Card, Form, Input, Radio, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { DrawingMap } from '../../maps/draw/DrawingMap';
import type { DrawnShape } from '../../maps/draw/geometry';
import { useMapSetup } from '../monitor/useMapSetup';
import { fenceDetail, saveFence, type Fence, type FenceType } from './api';
import { ShapeSaveBar } from './ShapeSaveBar';
import { asFenceShape, saveBodyOf, shapeOfFence, shapeProblem } from './shapes';

const KINDS: FenceType[] = ['circle', 'polygon', 'rectangle'];

interface Props {
  /** Edit this fence; absent: a new one. */
  id?: number;
  /** IMEI of the vehicle the editor was opened for (the monitor's fence action): the map opens on it. */
  focus?: string;
  onDone(): void;
  onSaved(fence: Fence): void;
}

/**
 * Add or edit a fence: name, shape kind and the map editor. Saving waits for a drawn shape
 * (spec: a fence must be drawn before proceeding) and checks it with the server's validator
 * first; the server's own refusals are shown in the user's language.
 */
export function FenceEditor({ id, focus, onDone, onSaved }: Props) {
  const { t } = useTranslation('fence');
  const { message } = App.useApp();
  const setup = useMapSetup();
  const [form] = Form.useForm<{ name: string }>();
  const [kind, setKind] = useState<FenceType>('circle');
  const [shape, setShape] = useState<DrawnShape | null>(null);
  const [loaded, setLoaded] = useState(!id);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    fenceDetail(id)
      .then((f) => {
        if (!live) return;
        form.setFieldsValue({ name: f.name });
        setKind(f.type);
        setShape(shapeOfFence(f));
        setLoaded(true);
      })
      .catch((err) => live && void message.error(errorText(err)));
    return () => {
      live = false;
    };
  }, [id, form, message]);

  const problem = shape ? shapeProblem(shape, kind) : null;
  const chooseKind = (k: FenceType) => {
    setKind(k);
    // Another kind starts a new drawing.
    if (shape && shape.type !== k) setShape(null);
  };

  const save = async () => {
    const { name } = await form.validateFields();
    const p = shapeProblem(shape, kind);
    const fs = asFenceShape(shape);
    if (p || !fs) {
      void message.error(t(`errors:${p ?? 'fenceNotDrawn'}`));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveFence(saveBodyOf(name, fs, id));
      void message.success(t('actions.saved'));
      onSaved(saved);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  if (!loaded) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <Card
      title={id ? t('edit.titleEdit') : t('edit.titleNew')}
      extra={<Button onClick={onDone}>{t('actions.back')}</Button>}
      data-testid="fence-editor"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Form form={form} layout="inline" style={{ rowGap: 8 }}>
        {/* Within the card on a phone: a long label (French) puts the box under it instead of past the edge. */}
        <Form.Item name="name" label={t('fields.name')} style={{ maxWidth: '100%' }} rules={[{ required: true, whitespace: true, message: t('edit.nameRequired') }, { max: 64 }]}>
          <Input style={{ width: 240 }} maxLength={64} data-testid="fence-name" />
        </Form.Item>
        <Form.Item label={t('fields.type')}>
          <Radio.Group value={kind} onChange={(e) => chooseKind(e.target.value as FenceType)} optionType="button" data-testid="fence-kind">
            {KINDS.map((k) => (
              <Radio.Button key={k} value={k}>
                <span data-testid={`fence-kind-${k}`}>{t(`types.${k}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
      <div style={{ height: 'calc(100vh - 330px)', minHeight: 360, border: '1px solid rgba(0,0,0,0.1)' }}>
        <DrawingMap setup={setup} kind={kind} value={shape} onChange={setShape} focus={focus} />
      </div>
      <ShapeSaveBar ns="fence" testId="fence" shape={shape} problem={problem} saving={saving} onSave={save} onCancel={onDone} />
    </Card>
  );
}
