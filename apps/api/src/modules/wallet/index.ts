export { createWalletService, type WalletService } from './wallet.service.js';
export { bindSandboxCheckoutRoutes, bindWalletRoutes } from './wallet.routes.js';
export { createSandboxCheckout } from './sandbox-page.js';
export { saveBanking as saveStationBankAccount } from './payouts.repository.js';
