import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dragHeight, FULL_RATIO, snapAfterDrag, type SheetState } from './sheetSnap';

interface Props {
  state: SheetState;
  onState(state: SheetState): void;
  /** Resting height: handle, tabs with counts and search (peekHeight). */
  peek: number;
  children: ReactNode;
}

/**
 * The phone monitor's device list as a bottom sheet over the full-screen map: it peeks with the
 * tab counts and search, and a drag or a tap on its handle expands it to 85 % of the map's height
 * or collapses it. Hand-written (pointer events and a CSS transition): antd's Drawer has no drag and
 * no resting height, and sheet libraries bring an animation runtime for these few lines.
 */
export function DeviceSheet({ state, onState, peek, children }: Props) {
  const { t } = useTranslation('monitor');
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; container: number } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);

  const container = () => ref.current?.parentElement?.clientHeight ?? window.innerHeight;
  const onDown = (e: PointerEvent) => {
    drag.current = { y: e.clientY, container: container() };
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // The pointer already ended (a quick tap on a busy page): its pointerup still comes here.
    }
  };
  const onMove = (e: PointerEvent) => {
    if (!drag.current) return;
    setDragged(dragHeight(state, e.clientY - drag.current.y, peek, drag.current.container));
  };
  const onUp = (e: PointerEvent) => {
    if (!drag.current) return;
    const dy = e.clientY - drag.current.y;
    const next = snapAfterDrag(state, dy, peek, drag.current.container);
    drag.current = null;
    setDragged(null);
    onState(next);
  };

  // At rest in CSS units, so a turned phone or a resized window keeps the proportion.
  const height = dragged ?? (state === 'full' ? `${FULL_RATIO * 100}%` : peek);
  return (
    <div
      ref={ref}
      data-testid="device-sheet"
      data-state={state}
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height,
        minHeight: peek,
        zIndex: 15,
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        borderRadius: '12px 12px 0 0',
        boxShadow: '0 -4px 16px rgba(0,0,0,0.15)',
        // Follows the finger while dragged; eases into place when released.
        transition: dragged == null ? 'height 0.2s ease' : undefined,
      }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-expanded={state === 'full'}
        aria-label={t(state === 'full' ? 'sheet.collapse' : 'sheet.expand')}
        data-testid="sheet-handle"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={() => {
          drag.current = null;
          setDragged(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') onState(state === 'full' ? 'peek' : 'full');
        }}
        // The page must not scroll or zoom while the handle is dragged.
        style={{
          height: 32,
          flex: '0 0 32px',
          touchAction: 'none',
          cursor: 'grab',
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
        }}
      >
        <span style={{ width: 40, height: 5, borderRadius: 3, background: 'rgba(0,0,0,0.25)' }} />
      </div>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        {children}
      </div>
    </div>
  );
}
