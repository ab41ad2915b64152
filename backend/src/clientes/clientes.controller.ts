import { Body, Controller, Get, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { ClienteLoginResponse } from '@veritas/common';
import { Allow, ApiRateLimited, CurrentPrincipal, Public } from '../auth/access.decorator';
import { AuthService } from '../auth/auth.service';
import { LoginDto } from '../auth/dto/login.dto';
import type { AuthPrincipal } from '../auth/principal';
import { toClienteResponse } from './cliente.mapper';
import { ClientesService } from './clientes.service';
import { RegisterClienteDto } from './dto/cliente.dto';

@ApiTags('clientes')
@Controller('clientes')
export class ClientesController {
  constructor(
    private readonly clientes: ClientesService,
    private readonly auth: AuthService,
  ) {}

  @Post('register')
  @Public('Cadastro público de uma empresa cliente.')
  @ApiCreatedResponse({ description: '{ data: cliente } (status ativo).' })
  @ApiConflictResponse({ description: 'CNPJ ou e-mail já cadastrado.' })
  async registerCliente(@Body() dto: RegisterClienteDto) {
    return { data: toClienteResponse(await this.clientes.registerCliente(dto)) };
  }

  @Post('login')
  @HttpCode(200)
  @Public('Login do cliente. Limitado por IP e por e-mail.')
  @ApiOkResponse({ description: '{ token, data: cliente }' })
  @ApiUnauthorizedResponse({ description: 'Email ou senha inválidos.' })
  @ApiForbiddenResponse({ description: 'Cadastro inativo.' })
  @ApiRateLimited()
  async loginCliente(@Body() dto: LoginDto, @Ip() ip: string): Promise<ClienteLoginResponse> {
    const { token, account } = await this.auth.signIn(
      ip,
      dto.email,
      dto.password,
      'cliente',
      (email) => this.clientes.findForLogin(email),
      (cliente) => this.clientes.assertCanSignIn(cliente),
    );
    return { token, data: toClienteResponse(account) };
  }

  @Get('me')
  @Allow('cliente')
  @ApiOkResponse({ description: '{ data: cliente }' })
  async me(@CurrentPrincipal() principal: AuthPrincipal) {
    return { data: toClienteResponse(await this.clientes.getCliente(principal.id)) };
  }
}
