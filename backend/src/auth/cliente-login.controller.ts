import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, getSchemaPath } from '@nestjs/swagger';
import type { ClienteLoginResponse } from '@veritas/common';
import { ClienteResponseDto, toClienteResponse, toMembroResponse } from '../clientes';
import { ApiRateLimited, Public } from '../platform/request';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';

/**
 * The client's sign-in, POST /api/clientes/login: under the clients' path, but signing in is auth's job
 * (the clientes module does not import auth; auth reads the clients, as it reads the staff users).
 */
@ApiTags('clientes')
@Controller('clientes')
export class ClienteLoginController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Public('Login do cliente. Limitado por IP e por e-mail.')
  @ApiOkResponse({
    description: '{ token, data: cliente }',
    schema: { type: 'object', properties: { data: { $ref: getSchemaPath(ClienteResponseDto) }, token: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'Email ou senha inválidos.' })
  @ApiForbiddenResponse({ description: 'Cadastro inativo.' })
  @ApiRateLimited()
  async loginCliente(@Body() dto: LoginDto, @Ip() ip: string): Promise<ClienteLoginResponse> {
    const { token, account } = await this.auth.signInMembro(ip, dto.email, dto.password);
    return { token, data: { ...toClienteResponse(account.cliente), membro: toMembroResponse(account.membro) } };
  }
}
