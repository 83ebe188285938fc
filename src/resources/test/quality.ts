import { ExperimentOutlined, FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Factory quality control: QC records, serial-port test results and their configuration. */
export const qualityResources: ResourceDescriptor[] = [
  group('qcGroup', ExperimentOutlined),
  ...inGroup('qcGroup', [
    screen('qcSearch', '/test/qc/search', [P.testQc]),
    screen('qcExport', '/test/qc/export', [P.testQc]),
  ]),
  screen('testSearch', '/test/search', [P.testQc], { icon: SearchOutlined }),
  group('serialResultGroup', FileSearchOutlined),
  ...inGroup('serialResultGroup', [
    screen('serialResultManager', '/test/exportSerialResult/serialResultManager', [P.testSerialResult]),
    screen('serialResultManagerV2', '/test/exportSerialResult/serialResultManagerV2', [P.testSerialResult]),
    screen('serialGPSResultManager', '/test/exportSerialResult/serialGPSResultManager', [P.testSerialResult]),
    screen('serialResultV1', '/test/exportSerialResult/v1', [P.testSerialResult]),
    screen('serialResultV2', '/test/exportSerialResult/v2', [P.testSerialResult]),
    screen('serialConfigList', '/test/exportSerialResult/configList', [P.testConfig]),
  ]),
];
