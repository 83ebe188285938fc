import { useEffect, useRef, type Ref } from 'react';

// antd places notices `fixed` to the window; in this layer they keep to the map instead, and
// only the notices themselves take clicks (the map under the empty layer stays usable). The
// holder is held to the layer (less its 24 px margin), so beside the device panel the notices
// narrow instead of keeping antd's 384 px and reaching over the panel (NOTICE_ROOM); the notice's
// rule outweighs antd's own (.ant-notification .ant-notification-notice-wrapper .ant-notification-notice).
const LAYER_CSS = `
.monitor-notices .ant-notification { position: absolute; max-width: calc(100% - 24px); }
.monitor-notices .ant-notification-notice-wrapper { pointer-events: auto; }
.monitor-notices .ant-notification .ant-notification-notice-wrapper .ant-notification-notice { max-width: 100%; }
`;

/**
 * The layer over the map that holds the alarm notices (useAlarmNotices' container). `clearRight`:
 * pixels kept free on the right, where the desktop's device panel is (notices narrow instead).
 */
export function AlarmNoticeLayer({
  ref,
  clearRight = 0,
  onWidth,
}: {
  ref: Ref<HTMLDivElement>;
  clearRight?: number;
  /** The layer's width: the room notices have beside the panel (noticeMode). */
  onWidth(width: number): void;
}) {
  const own = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = own.current;
    if (!el) return;
    const report = () => onWidth(el.clientWidth);
    report();
    const ro = new ResizeObserver(report);
    ro.observe(el);
    return () => ro.disconnect();
  }, [onWidth]);
  return (
    <div
      ref={(el) => {
        own.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      }}
      className="monitor-notices"
      data-testid="alarm-notice-layer"
      style={{ position: 'absolute', inset: 0, right: clearRight, zIndex: 20, pointerEvents: 'none' }}
    >
      <style>{LAYER_CSS}</style>
    </div>
  );
}
