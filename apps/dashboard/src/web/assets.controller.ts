import { Controller, Get, Res } from '@nestjs/common';
import { type Response } from 'express';
import { ICON, SCRIPT, STYLESHEET } from './assets.js';

/** The stylesheet and script (cached for an hour: they change only with a deploy). */
@Controller('assets')
export class AssetsController {
  @Get('dashboard.css')
  css(@Res() res: Response) {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(STYLESHEET);
  }

  /** Named by every page, so browsers do not ask for `/favicon.ico`. */
  @Get('icon.svg')
  icon(@Res() res: Response) {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('image/svg+xml').send(ICON);
  }

  @Get('dashboard.js')
  js(@Res() res: Response) {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript').send(SCRIPT);
  }
}
