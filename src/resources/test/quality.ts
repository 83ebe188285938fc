import { ExperimentOutlined, FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

const generic = () => import('../qc/screens').then((m) => m.QC_SCREENS);

/** Factory quality control: QC records, serial-port test results and their configuration (docs/factory/qc.md). */
export const qualityResources: ResourceDescriptor[] = [
  group('qcGroup', ExperimentOutlined),
  ...inGroup('qcGroup', [
    screen('qcSearch', '/test/qc/search', [P.testQc], { generic }),
    screen('qcExport', '/test/qc/export', [P.testQc], { generic }),
  ]),
  screen('testSearch', '/test/search', [P.testQc], { icon: SearchOutlined, generic }),
  group('serialResultGroup', FileSearchOutlined),
  ...inGroup('serialResultGroup', [
    screen('serialResultManager', '/test/exportSerialResult/serialResultManager', [P.testSerialResult], {
      generic,
    }),
    screen('serialResultManagerV2', '/test/exportSerialResult/serialResultManagerV2', [P.testSerialResult], {
      generic,
    }),
    screen(
      'serialGPSResultManager',
      '/test/exportSerialResult/serialGPSResultManager',
      [P.testSerialResult],
      {
        generic,
      },
    ),
    screen('serialResultV1', '/test/exportSerialResult/v1', [P.testSerialResult], {
      generic,
    }),
    screen('serialResultV2', '/test/exportSerialResult/v2', [P.testSerialResult], {
      generic,
    }),
    screen('serialConfigList', '/test/exportSerialResult/configList', [P.testConfig], {
      generic,
    }),
  ]),
];
