import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { REPORT_PAGES_HEADER } from '@fleetfuel/contract';
import { fetchFile, saveFile } from '@/lib/download';
import type { ReportDefinition, ReportQuery } from './report-definitions';
import { createPageCounter, type ReportProgress } from './report-progress';

/**
 * Generates one report: the PDF is fetched with the bearer token and saved under the server's file
 * name. While it arrives, `progress` says how many of its pages have come (the server streams it
 * and announces the page count first); null before the reply starts and after it ends. A failure
 * reaches the user as an error toast with the server's text (the query client's mutation
 * handler), not only the console.
 */
export function useDownloadReport(report: ReportDefinition) {
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const download = useMutation({
    mutationFn: async (query: ReportQuery) => {
      try {
        const file = await fetchFile(report.route, {}, report.fallbackName, query, (headers) => {
          const announced = Number(headers.get(REPORT_PAGES_HEADER));
          const total = Number.isInteger(announced) && announced > 0 ? announced : null;
          const countPages = createPageCounter();
          setProgress({ pages: 0, total });
          return (chunk) => {
            const pages = countPages(chunk);
            setProgress((current) => (current?.pages === pages ? current : { pages, total }));
          };
        });
        saveFile(file);
        return file.filename;
      } finally {
        setProgress(null);
      }
    },
  });
  return { ...download, progress };
}
