import { PageNotice } from './PageNotice';

export function NotFound() {
  return <PageNotice title="Page not found">There is no page at this address.</PageNotice>;
}
