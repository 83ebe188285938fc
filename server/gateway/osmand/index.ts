/** OsmAnd over HTTP: the protocol of the Traccar Client and other phone apps (docs/protocols.md). */
export { decodeOsmAnd, type OsmAndRequest } from './request';
export { decodeParams, type OsmAndDecoded } from './params';
export { decodeTraccarJson } from './json';
export { startOsmAnd, type OsmAndListener } from './listener';
