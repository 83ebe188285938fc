/** Which gateway serves each device protocol code: defined once in src/domain. */
export { PROTOCOL_FAMILY } from '../../src/domain/protocol-family';
