import { NodeIndexOutlined, SendOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { screen, type ResourceDescriptor } from './types';

/** Track playback and the command console. */
export const trackResources: ResourceDescriptor[] = [
  screen('track', '/index/track', [P.track], { icon: NodeIndexOutlined }),
  screen('directive', '/index/directive', [P.command], { icon: SendOutlined }),
];
