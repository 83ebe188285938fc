import { BatchScreen } from '../../components/resource/BatchScreen';
import { findResource } from '../../resources';
import { DEVICE_SCREENS } from '../../resources/device/screens';
import { IconTypePreview } from './IconTypePreview';

/** The batch icon type screen: the generic batch form plus a preview of the 16 icons. */
export default function BatchIconPage() {
  const resource = findResource('deviceBatchIcon')!;
  const { entity, view } = DEVICE_SCREENS.deviceBatchIcon;
  return (
    <BatchScreen
      resource={resource}
      entity={entity}
      view={view}
      renderExtra={(values, setField) => (
        <IconTypePreview
          value={values.iconType as number | undefined}
          onPick={(type) => setField('iconType', type)}
        />
      )}
    />
  );
}
