import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DrawnShape } from '../../maps/draw/geometry';
import { useSizeText } from '../../maps/draw/SizeReadout';
import type { shapeProblem } from './shapes';

interface Props {
  /** The i18n namespace of the editor ('fence' or 'area'): both name the keys alike. */
  ns: 'fence' | 'area';
  /** Prefix of the test ids: `<prefix>-save`, `-radius`, `-corners`. */
  testId: string;
  shape: DrawnShape | null;
  /** Why the drawn shape cannot be saved (an errors: key), if it cannot. */
  problem: ReturnType<typeof shapeProblem>;
  saving: boolean;
  onSave(): void;
  onCancel(): void;
}

/**
 * Under a shape editor (fences, risk points, check-car areas): why the shape is refused, save
 * (only once something is drawn) and cancel, and the shape's size: its radius in m or km, or
 * its corners.
 */
export function ShapeSaveBar({ ns, testId, shape, problem, saving, onSave, onCancel }: Props) {
  const { t } = useTranslation(ns);
  // Written as the size over the map writes it (units in the user's language).
  const sizeText = useSizeText();
  return (
    <>
      {problem && <Alert type="error" showIcon message={t(`errors:${problem}`)} data-testid="shape-problem" />}
      <Space wrap>
        <Button type="primary" onClick={onSave} loading={saving} disabled={!shape} data-testid={`${testId}-save`}>
          {t('actions.save')}
        </Button>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        {!shape ? (
          <Typography.Text type="secondary" data-testid="draw-first">{t('edit.drawFirst')}</Typography.Text>
        ) : shape.type === 'circle' ? (
          <Typography.Text data-testid={`${testId}-radius`}>{t('fields.radius')}: {sizeText.length(shape.radius)}</Typography.Text>
        ) : (
          <Typography.Text data-testid={`${testId}-corners`}>{t('edit.corners', { count: shape.type === 'point' ? 1 : shape.points.length })}</Typography.Text>
        )}
      </Space>
    </>
  );
}
