import { Tooltip } from 'antd';
import { cloneElement, type CSSProperties, type ReactElement } from 'react';
import { useIsPhone } from '../hooks/useIsPhone';
import { useWriteRefusal } from '../hooks/useWriteRefusal';

type Guarded = ReactElement<{ disabled?: boolean; style?: CSSProperties }>;

/**
 * A button that changes something: for an account that may not write (the demo), it is shown
 * disabled, and hovering or tapping it tells why, before anything is tried. `reason` lets a
 * list render many guarded buttons from one lookup; `write={false}` leaves a read alone.
 * Whatever else it is given (the ref and handlers a Popconfirm or Dropdown around it sets on its
 * child) goes on to the button, so a guard inside such a wrapper still opens it.
 */
export function WriteGuard({
  children,
  reason,
  write = true,
  ...passed
}: {
  children: Guarded;
  reason?: string | null;
  write?: boolean;
} & Record<string, unknown>) {
  const own = useWriteRefusal();
  const phone = useIsPhone();
  const why = reason === undefined ? own : reason;
  if (!write || !why) return Object.keys(passed).length ? cloneElement(children, passed) : children;
  return (
    // A phone has no hover: a tap on the disabled button tells why.
    <Tooltip title={why} trigger={phone ? 'click' : 'hover'}>
      {/* A disabled button gets no pointer events: the wrapper carries the hover and the tap. */}
      <span data-write-blocked="true" style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        {cloneElement(children, {
          disabled: true,
          style: { ...children.props.style, pointerEvents: 'none' },
        })}
      </span>
    </Tooltip>
  );
}
