import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('import-boundaries', rule, {
  valid: [
    { filename: at('apps/web/src/features/users/api.ts'), code: "import { routes } from '@fleetfuel/contract';" },
    { filename: at('apps/web/src/features/users/list.tsx'), code: "import { x } from './api.js';" },
    { filename: at('apps/web/src/features/users/list.tsx'), code: "import { Table } from '../../components/ui/table.js';" },
    { filename: at('apps/web/src/features/users/list.tsx'), code: "import { Table } from '@/components/ui/DataTable';" },
    { filename: at('apps/web/src/components/ui/Table.tsx'), code: "import { formatDate } from '@/lib/format';" },
    { filename: at('apps/web/src/lib/list-view.ts'), code: "import { DataTable } from '../components/ui/DataTable';" },
    { filename: at('apps/web/src/app/shell/AppHeader.tsx'), code: "import { AlertsBell } from '@/features/alerts';" },
    { filename: at('apps/api/src/modules/auth/auth.service.ts'), code: "import { createUsersService } from '../users/index.js';" },
    { filename: at('apps/api/src/modules/auth/auth.service.ts'), code: "import * as repository from './auth.repository.js';" },
  ],
  invalid: [
    { filename: at('apps/web/src/lib/x.ts'), code: "import { buildApp } from '../../../api/src/app.js';", errors: 1 },
    { filename: at('apps/web/src/lib/x.ts'), code: "import pg from 'pg';", errors: 1 },
    { filename: at('apps/web/src/features/users/x.tsx'), code: "import { a } from '../wallet/api.js';", errors: 1 },
    { filename: at('apps/web/src/features/users/x.tsx'), code: "import { a } from '@/features/wallet/api';", errors: 1 },
    { filename: at('apps/web/src/components/ui/x.tsx'), code: "import { useWallet } from '@/features/wallet';", errors: 1 },
    { filename: at('apps/web/src/components/ui/x.tsx'), code: "import { theme } from '../../app/theme';", errors: 1 },
    { filename: at('apps/web/src/lib/x.ts'), code: "const m = () => import('@/app/router');", errors: 1 },
    { filename: at('apps/api/src/modules/auth/x.ts'), code: "import { findUserById } from '../users/users.repository.js';", errors: 1 },
    { filename: at('packages/contract/src/x.ts'), code: "import { buildApp } from '../../../apps/api/src/app.js';", errors: 1 },
  ],
});
