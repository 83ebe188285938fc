import { App, type TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../../domain/constants';
import { errorText } from '../../i18n/errorText';

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

export interface PagedAnswer<T> {
  list: T[];
  total: number;
}

/**
 * A server-paged list for the hand-written tables beside a map (fences, areas, bus routes),
 * which the generic ListScreen does not model: the page asked, its answer, the table's
 * pagination, and `act` for a row action (its result told, the page reloaded). `fetch` must be
 * stable (useCallback): a new one, as when a search changes, loads again.
 */
export function usePagedList<T>(fetch: (page: PageQuery) => Promise<PagedAnswer<T>>) {
  const { message } = App.useApp();
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<PagedAnswer<T>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  /** The first answer (or failure) is in: what beside the table waits for it can draw. */
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetch(page));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setLoading(false);
      setLoaded(true);
    }
  }, [fetch, page, message]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Back to the first page, as after a new search. */
  const firstPage = useCallback(() => setPage((p) => ({ ...p, pageNum: 1 })), []);

  /** Runs a row action: its success told and the page reloaded, or the server's reason shown. */
  const act = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      void message.success(done);
      await load();
      return true;
    } catch (err) {
      void message.error(errorText(err));
      return false;
    }
  };

  const pagination: TablePaginationConfig = {
    current: page.pageNum,
    pageSize: page.pageSize,
    total: data.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
  };

  return { data, loading, loaded, load, act, firstPage, pagination };
}
