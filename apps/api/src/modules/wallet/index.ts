export { createWalletService, type WalletService } from './wallet.service.js';
export { bindWalletRoutes } from './wallet.routes.js';
