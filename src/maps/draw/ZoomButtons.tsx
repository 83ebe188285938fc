import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../hooks/useIsPhone';
import { useMap } from '../MapContext';

/**
 * Zoom in and out buttons at the map's lower right (a layer: render it inside FleetMap), for
 * users without a wheel or a pinch: a touch pad, a phone held in one hand. 44 px on a phone.
 */
export function ZoomButtons() {
  const { t } = useTranslation('fence');
  const { scene } = useMap();
  const size = useIsPhone() ? 44 : 32;
  const style = { width: size, height: size } as const;
  return (
    <div
      style={{ position: 'absolute', right: 10, bottom: 24, zIndex: 5, display: 'flex', flexDirection: 'column', gap: 4 }}
      data-testid="zoom-buttons"
    >
      <Tooltip title={t('draw.zoomIn')} placement="left">
        <Button style={style} icon={<PlusOutlined />} aria-label={t('draw.zoomIn')} onClick={() => scene.zoomIn()} data-testid="zoom-in" />
      </Tooltip>
      <Tooltip title={t('draw.zoomOut')} placement="left">
        <Button style={style} icon={<MinusOutlined />} aria-label={t('draw.zoomOut')} onClick={() => scene.zoomOut()} data-testid="zoom-out" />
      </Tooltip>
    </div>
  );
}
