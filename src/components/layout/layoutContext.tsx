import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The shell's menu state: the side menu folded to icons, and the phone's menu drawer open. */
export interface ShellLayoutState {
  siderCollapsed: boolean;
  setSiderCollapsed: (collapsed: boolean) => void;
  mobileSiderOpen: boolean;
  setMobileSiderOpen: (open: boolean) => void;
}

const ShellLayoutContext = createContext<ShellLayoutState>({
  siderCollapsed: false,
  setSiderCollapsed: () => undefined,
  mobileSiderOpen: false,
  setMobileSiderOpen: () => undefined,
});

export function ShellLayoutProvider({ children }: { children: ReactNode }) {
  const [siderCollapsed, setSiderCollapsed] = useState(false);
  const [mobileSiderOpen, setMobileSiderOpen] = useState(false);
  const value = useMemo(
    () => ({ siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen }),
    [siderCollapsed, mobileSiderOpen],
  );
  return <ShellLayoutContext.Provider value={value}>{children}</ShellLayoutContext.Provider>;
}

export const useShellLayout = (): ShellLayoutState => useContext(ShellLayoutContext);
