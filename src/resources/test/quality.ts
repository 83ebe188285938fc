import { ExperimentOutlined, FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { QC_ENTITY as entity } from '../qc/fields';
import { QC_VIEWS as V } from '../qc/views';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Factory quality control: QC records, serial-port test results and their configuration (docs/factory/qc.md). */
export const qualityResources: ResourceDescriptor[] = [
  group('qcGroup', ExperimentOutlined),
  ...inGroup('qcGroup', [
    screen('qcSearch', '/test/qc/search', [P.testQc], { entity, view: V.search }),
    screen('qcExport', '/test/qc/export', [P.testQc], { entity, view: V.export }),
  ]),
  screen('testSearch', '/test/search', [P.testQc], { icon: SearchOutlined, entity, view: V.terminal }),
  group('serialResultGroup', FileSearchOutlined),
  ...inGroup('serialResultGroup', [
    screen('serialResultManager', '/test/exportSerialResult/serialResultManager', [P.testSerialResult], {
      entity,
      view: V.serial,
    }),
    screen('serialResultManagerV2', '/test/exportSerialResult/serialResultManagerV2', [P.testSerialResult], {
      entity,
      view: V.serialV2,
    }),
    screen(
      'serialGPSResultManager',
      '/test/exportSerialResult/serialGPSResultManager',
      [P.testSerialResult],
      {
        entity,
        view: V.gps,
      },
    ),
    screen('serialResultV1', '/test/exportSerialResult/v1', [P.testSerialResult], {
      entity,
      view: V.uploadSerial,
    }),
    screen('serialResultV2', '/test/exportSerialResult/v2', [P.testSerialResult], {
      entity,
      view: V.uploadGps,
    }),
    screen('serialConfigList', '/test/exportSerialResult/configList', [P.testConfig], {
      entity,
      view: V.configs,
    }),
  ]),
];
