import { BatchScreen } from '../../components/resource/BatchScreen';
import { findResource } from '../../resources';
import { IconTypePreview } from './IconTypePreview';

/** The batch icon type screen: the generic batch form plus a preview of the 16 icons. */
export default function BatchIconPage() {
  const resource = findResource('deviceBatchIcon')!;
  return (
    <BatchScreen
      resource={resource}
      entity={resource.entity!}
      view={resource.view as Extract<typeof resource.view, { kind: 'batch' }>}
      renderExtra={(values, setField) => (
        <IconTypePreview
          value={values.iconType as number | undefined}
          onPick={(type) => setField('iconType', type)}
        />
      )}
    />
  );
}
