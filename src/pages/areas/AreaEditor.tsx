import { App, Button, Card, Form, Input, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_KINDS, areaSaveBody, type AreaKind } from '../../domain/area/kinds';
import { errorText } from '../../i18n/errorText';
import { DrawingMap } from '../../maps/draw/DrawingMap';
import type { DrawnShape } from '../../maps/draw/geometry';
import { useMapSetup } from '../monitor/useMapSetup';
import { ShapeSaveBar } from '../fence/ShapeSaveBar';
import { asFenceShape, shapeOfFence, shapeProblem } from '../fence/shapes';
import { allAreas, saveArea, type Area } from './api';
import { mapFenceOfArea } from './shapes';

interface Props {
  kind: AreaKind;
  /** Edit this area; absent: a new one. */
  id?: number;
  onDone(): void;
}

/**
 * Add or edit a risk point, check-car area or point: its name and its shape on the map (a
 * circle, or a polygon for a check area), the kind's other areas shown around it. The shape is
 * checked with the server's own validator before saving; the server's refusals (a name taken)
 * come in the user's language.
 */
export function AreaEditor({ kind, id, onDone }: Props) {
  const { t } = useTranslation('area');
  const { message } = App.useApp();
  const setup = useMapSetup();
  const [form] = Form.useForm<{ name: string }>();
  const [others, setOthers] = useState<Area[]>([]);
  // A stored check area may be a rectangle (the API takes both): it is edited as one.
  const [shapeKind, setShapeKind] = useState<'circle' | 'polygon' | 'rectangle'>(AREA_KINDS[kind].shape);
  const [shape, setShape] = useState<DrawnShape | null>(null);
  const [loaded, setLoaded] = useState(!id);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    // There is no detail call: the editor finds its area among the kind's (which it shows anyway).
    allAreas(kind)
      .then((list) => {
        if (!live) return;
        setOthers(list.filter((a) => a.id !== id));
        if (!id) return;
        const a = list.find((x) => x.id === id);
        if (!a) throw new Error('notFound');
        form.setFieldsValue({ name: a.name });
        setShapeKind(a.type);
        setShape(shapeOfFence(a));
        setLoaded(true);
      })
      .catch((err) => {
        if (!live) return;
        void message.error(errorText(err));
        if (id) onDone();
      });
    return () => {
      live = false;
    };
  }, [kind, id, form, message, onDone]);

  const context = useMemo(() => others.flatMap((a) => mapFenceOfArea(a) ?? []), [others]);
  const problem = shape ? shapeProblem(shape, shapeKind) : null;

  const save = async () => {
    const { name } = await form.validateFields();
    const p = shapeProblem(shape, shapeKind);
    const body = p ? null : areaSaveBody(kind, name, asFenceShape(shape), id);
    if (!body) {
      void message.error(t(`errors:${p ?? 'fenceNotDrawn'}`));
      return;
    }
    setSaving(true);
    try {
      await saveArea(kind, body);
      void message.success(t('actions.saved'));
      onDone();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  if (!loaded) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <Card
      title={t(id ? `edit.titleEdit.${kind}` : `edit.titleNew.${kind}`)}
      extra={<Button onClick={onDone}>{t('actions.back')}</Button>}
      data-testid="area-editor"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Form form={form} layout="inline">
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('edit.nameRequired') }, { max: 64 }]}>
          <Input style={{ width: 260 }} maxLength={64} data-testid="area-name" />
        </Form.Item>
      </Form>
      <div style={{ height: 'calc(100vh - 330px)', minHeight: 360, border: '1px solid rgba(0,0,0,0.1)' }}>
        <DrawingMap setup={setup} kind={shapeKind} value={shape} onChange={setShape} fences={context} />
      </div>
      <ShapeSaveBar ns="area" testId="area" shape={shape} problem={problem} saving={saving} onSave={save} onCancel={onDone} />
    </Card>
  );
}
