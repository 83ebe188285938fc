import { Alert, App, Button, Card, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusStopInput } from '../../domain/area/bus';
import { addStop, routeBody, routeFormProblem, updateStop } from '../../domain/area/stops';
import { DeviceSelect } from '../../components/resource/DeviceSelect';
import { errorText } from '../../i18n/errorText';
import type { LngLat } from '../../maps/draw/geometry';
import { busRoute, saveBusRoute } from '../areas/api';
import type { BusMapMode } from './BusRouteMap';
import { StopList } from './StopList';
import { MapLoading } from '../../maps/MapLoading';

const BusRouteMap = lazy(() => import('./BusRouteMap'));

interface Props {
  /** Edit this route (of account `userId`, default the caller); absent: a new one. */
  id?: number;
  userId?: number;
  onDone(): void;
}

/**
 * Add or edit a bus route: its name and vehicles, the line drawn as a polyline and the stops
 * placed in order by clicks on the map (then named, sized, reordered in the list). The route
 * is checked with the server's busRouteProblem before saving; refusals come translated.
 */
export function BusRouteEditor({ id, userId, onDone }: Props) {
  const { t } = useTranslation('area');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; terminalIDs: string[] }>();
  const [line, setLine] = useState<LngLat[] | null>(null);
  const [stops, setStops] = useState<BusStopInput[]>([]);
  const [mode, setMode] = useState<BusMapMode>('line');
  const [loaded, setLoaded] = useState(!id);
  const [fitKey, setFitKey] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    busRoute(id, userId)
      .then((r) => {
        if (!live) return;
        if (!r) throw new Error('notFound');
        form.setFieldsValue({ name: r.name, terminalIDs: r.devices.map((d) => d.terminalID) });
        setLine(r.line);
        setStops(r.stops);
        setMode('stops');
        setLoaded(true);
        setFitKey((k) => k + 1);
      })
      .catch((err) => {
        if (!live) return;
        void message.error(errorText(err));
        onDone();
      });
    return () => {
      live = false;
    };
  }, [id, userId, form, message, onDone]);

  const problem = routeFormProblem(line, stops);
  const problemText = (p: NonNullable<typeof problem>) =>
    p === 'busStopNameRequired' ? t('bus.stopNameRequired') : t(`errors:${p}`);

  const save = async () => {
    const { name, terminalIDs } = await form.validateFields();
    if (problem || !line) {
      void message.error(problemText(problem ?? 'busLineTooFewPoints'));
      return;
    }
    setSaving(true);
    try {
      await saveBusRoute(routeBody(name, line, stops, terminalIDs ?? [], id));
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
      title={t(id ? 'bus.titleEdit' : 'bus.titleNew')}
      extra={<Button onClick={onDone}>{t('actions.back')}</Button>}
      data-testid="bus-editor"
      styles={{ body: { display: 'flex', gap: 12, flexWrap: 'wrap' } }}
    >
      <div
        style={{
          flex: '0 0 360px',
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          maxHeight: 'calc(100vh - 230px)',
          overflow: 'auto',
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ terminalIDs: [] }}>
          <Form.Item
            name="name"
            label={t('fields.routeName')}
            rules={[{ required: true, whitespace: true, message: t('edit.nameRequired') }, { max: 64 }]}
          >
            <Input maxLength={64} data-testid="bus-name" />
          </Form.Item>
          <Form.Item name="terminalIDs" label={t('fields.vehicles')} help={t('bus.vehiclesHelp')}>
            <DeviceSelect />
          </Form.Item>
        </Form>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as BusMapMode)}
          optionType="button"
          buttonStyle="solid"
          data-testid="bus-mode"
        >
          <Radio.Button value="line" data-testid="bus-mode-line">
            {t('bus.modeLine')}
          </Radio.Button>
          <Radio.Button value="stops" data-testid="bus-mode-stops">
            {t('bus.modeStops')}
          </Radio.Button>
        </Radio.Group>
        <Typography.Text type="secondary" data-testid="bus-hint">
          {mode === 'line' ? (line ? t('bus.hintLineEdit') : t('bus.hintLine')) : t('bus.hintStops')}
        </Typography.Text>
        <Typography.Text data-testid="bus-line-points">
          {t('bus.linePoints', { count: line?.length ?? 0 })}
        </Typography.Text>
        <Typography.Text strong>{t('bus.stops', { count: stops.length })}</Typography.Text>
        <StopList stops={stops} onChange={setStops} />
        {problem && (
          <Alert type="warning" showIcon message={problemText(problem)} data-testid="bus-problem" />
        )}
        <Space wrap>
          <Button type="primary" onClick={save} loading={saving} disabled={!!problem} data-testid="bus-save">
            {t('actions.save')}
          </Button>
          <Button onClick={() => setLine(null)} disabled={!line} data-testid="bus-clear-line">
            {t('bus.clearLine')}
          </Button>
          <Button onClick={onDone}>{t('actions.cancel')}</Button>
        </Space>
      </div>
      <div
        style={{
          flex: '1 1 480px',
          height: 'calc(100vh - 230px)',
          minHeight: 420,
          position: 'relative',
          border: '1px solid rgba(0,0,0,0.1)',
        }}
      >
        <Suspense fallback={<MapLoading />}>
          <BusRouteMap
            line={line}
            stops={stops}
            mode={mode}
            fitKey={fitKey}
            onLine={(l) => {
              setLine(l);
              // A finished line leads on to placing the stops.
              if (l && !line) setMode('stops');
            }}
            onAddStop={(at) => setStops((s) => addStop(s, at, (n) => t('bus.stopName', { n })))}
            onMoveStop={(i, at) => setStops((s) => updateStop(s, i, { lon: at[0], lat: at[1] }))}
          />
        </Suspense>
      </div>
    </Card>
  );
}
