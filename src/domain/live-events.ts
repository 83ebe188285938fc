/**
 * Messages of the live websocket (GET /api/ws): what the gateway publishes about devices and
 * the progress of batch operations. The server builds them and the web app reads them, so
 * both sides import these shapes from here.
 */
export interface PositionEvent {
  type: 'position';
  deviceId: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  fixTime: string;
  valid: boolean;
  positionType: string;
  acc: boolean | null;
  battery: number | null;
  alarm: string | null;
}

export interface StateEvent {
  type: 'state';
  deviceId: number;
  terminalId: string;
  state: number;
  stateTime: string;
  battery?: number | null;
  acc?: boolean | null;
}

export interface AlarmEvent {
  type: 'alarm';
  id: number;
  deviceId: number;
  terminalId: string;
  alarm: string;
  time: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
}

/** Progress of one batch device operation, sent to the account that started it. */
export interface BatchProgress {
  type: 'batch';
  batchId: string;
  done: number;
  total: number;
  failed: number;
}
