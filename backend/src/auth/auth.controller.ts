import { Body, Controller, Get, Headers, HttpCode, Ip, NotFoundException, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { toUserResponse, User } from '../users';
import { Allow, ApiRateLimited, type AuthPrincipal, CurrentPrincipal, Public } from '../platform/request';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import type { SignInResponse } from '@veritas/common';
import { toClienteResponse, toMembroResponse } from '../clientes';
import { Sessions } from './sessions.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: Sessions,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /**
   * The one sign-in of /login (issue 54): the e-mail decides whether a staff member or a client company
   * signs in, and the attempt counts once. A staff answer keeps its old shape (`user`), a client's is
   * that of POST /api/clientes/login (`data`); `role` says which.
   */
  @Post('login')
  @HttpCode(200)
  @Public('Login único (equipe ou cliente, decidido pelo e-mail). Limitado por conta e, nas falhas, por IP.')
  @ApiOkResponse({ description: '{ token, role: "user", user } ou { token, role: "cliente", data }' })
  @ApiUnauthorizedResponse({ description: 'Email ou senha inválidos.' })
  @ApiForbiddenResponse({ description: 'Cadastro do cliente inativo.' })
  @ApiRateLimited()
  async login(@Body() dto: LoginDto, @Ip() ip: string): Promise<SignInResponse> {
    const signedIn = await this.auth.signInAnyone(ip, dto.email, dto.password);
    return signedIn.role === 'user'
      ? { token: signedIn.token, role: 'user', user: toUserResponse(signedIn.account) }
      : { token: signedIn.token, role: 'cliente', data: { ...toClienteResponse(signedIn.account.cliente), membro: toMembroResponse(signedIn.account.membro) } };
  }

  @Get('me')
  @Allow('staff')
  @ApiOkResponse({ description: '{ data: usuário }' })
  async me(@CurrentPrincipal() principal: AuthPrincipal) {
    const user = await this.users.findOne({ where: { id: principal.id } });
    if (!user) throw new NotFoundException('Usuário não encontrado.');
    return { data: toUserResponse(user) };
  }

  /** "Sair": this session's token is refused from now on, by every replica. */
  @Post('logout')
  @HttpCode(204)
  @Allow('staff', 'cliente')
  @ApiNoContentResponse({ description: 'Sessão encerrada: o token deixa de valer.' })
  async logout(@CurrentPrincipal() principal: AuthPrincipal, @Headers('authorization') authorization: string): Promise<void> {
    await this.sessions.end(principal, authorization);
  }

  /** "Sair de todos os dispositivos": every token of the account (this one too) is refused from now on. */
  @Post('logout-todos')
  @HttpCode(204)
  @Allow('staff', 'cliente')
  @ApiNoContentResponse({ description: 'Todas as sessões da conta encerradas (e, na equipe, o endereço da agenda).' })
  async logoutEverywhere(@CurrentPrincipal() principal: AuthPrincipal): Promise<void> {
    await this.sessions.endAll(principal);
  }
}
