import { NodeIndexOutlined, SendOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { screen, type ResourceDescriptor } from './types';

/** Track playback and the command console. */
export const trackResources: ResourceDescriptor[] = [
  screen('track', '/index/track', [P.track], {
    icon: NodeIndexOutlined,
    page: lazy(() => import('../pages/track/TrackPage')),
  }),
  screen('directive', '/index/directive', [P.command], {
    icon: SendOutlined,
    page: lazy(() => import('../pages/directive/DirectivePage')),
  }),
];
