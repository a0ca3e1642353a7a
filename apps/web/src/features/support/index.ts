export { SupportOverview } from './components/SupportOverview';
export { TicketsPanel, ticketPath } from './components/TicketsPanel';
export { TicketView } from './components/TicketView';
