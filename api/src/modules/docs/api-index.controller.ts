import { Controller, Get } from '@nestjs/common';
import { Public } from '../../common/decorators/public.decorator.js';
import { OPENAPI_JSON_PATH } from './openapi.js';

/**
 * GET /api for a program: where the reference is. A browser that prefers HTML (a reload of the /api page) gets
 * the web app's page from serveWeb (common/http/web-serving.ts) before this controller.
 */
@Controller()
export class ApiIndexController {
  @Public()
  @Get()
  index() {
    return {
      name: 'API Arbitra',
      docs: '/docs',
      openapi: OPENAPI_JSON_PATH,
      auth: 'Authorization: Bearer <access_token>',
    };
  }
}
