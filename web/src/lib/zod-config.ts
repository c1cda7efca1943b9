import { z } from 'zod';

// zod compiles object parsers with new Function(), which the server's CSP (no 'unsafe-eval') forbids
z.config({ jitless: true });
