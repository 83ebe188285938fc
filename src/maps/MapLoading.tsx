import { Spin } from 'antd';

/**
 * What a map box shows while its map chunk loads. The spinner is set off by padding, not by a
 * margin: a first child's top margin collapses through the map box and pushes the whole box down.
 */
export function MapLoading() {
  return (
    <div style={{ paddingTop: 120, textAlign: 'center' }} data-testid="map-loading">
      <Spin />
    </div>
  );
}
