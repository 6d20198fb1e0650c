// The one place that teaches zod the `.openapi()` method. Every schema file imports `z` from here so
// the extension is applied before any schema is built, whatever the import order of a consumer.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
