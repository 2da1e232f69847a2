import { Module } from '@nestjs/common';
import { ApiIndexController } from './api-index.controller.js';

/** GET /api (the page or its JSON); the OpenAPI document and /docs are set up by bootstrap (setupApiDocs). */
@Module({ controllers: [ApiIndexController] })
export class DocsModule {}
