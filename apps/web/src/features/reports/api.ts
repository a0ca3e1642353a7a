import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '../../lib/download';
import type { ReportDefinition, ReportQuery } from './report-definitions';

/**
 * Generates one report: the PDF is fetched with the bearer token and saved under the server's file
 * name. A failure reaches the user as an error toast with the server's text (the query client's
 * mutation handler), not only the console.
 */
export function useDownloadReport(report: ReportDefinition) {
  return useMutation({
    mutationFn: async (query: ReportQuery) => {
      const file = await fetchFile(report.route, {}, report.fallbackName, query);
      saveFile(file);
      return file.filename;
    },
  });
}
