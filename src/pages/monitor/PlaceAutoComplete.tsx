import { AutoComplete } from 'antd';
import type { InputRef } from 'antd';
import { cloneElement, useLayoutEffect, useRef, type ReactElement, type Ref } from 'react';

/**
 * The place search's real control, loaded when the search box is first focused (PlaceSearch.tsx):
 * antd's AutoComplete is rc-select. It takes over from the plain input with the text typed so far
 * and the focus, the caret at the end.
 */
export function PlaceAutoComplete({
  input,
  value,
  options,
  onChange,
  onSelect,
}: {
  /** The search box: an antd Input.Search, given a ref here. */
  input: ReactElement<{ ref?: Ref<InputRef> }>;
  value: string;
  options: { value: string; label: ReactElement }[];
  onChange(text: string): void;
  onSelect(value: string): void;
}) {
  const ref = useRef<InputRef>(null);
  // Before the next keystroke is handled: the box the user was typing in has just been replaced.
  useLayoutEffect(() => ref.current?.focus({ cursor: 'end' }), []);
  return (
    <AutoComplete
      style={{ width: 200 }}
      value={value}
      options={options}
      onChange={onChange}
      onSelect={onSelect}
      // Opens as soon as there are suggestions for what was typed before it loaded.
      defaultOpen
    >
      {cloneElement(input, { ref })}
    </AutoComplete>
  );
}
