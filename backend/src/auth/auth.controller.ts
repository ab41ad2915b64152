import { Body, Controller, Get, HttpCode, Ip, NotFoundException, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { StaffLoginResponse } from '@veritas/common';
import { User } from '../users/entities/user.entity';
import { toUserResponse } from '../users/user.mapper';
import { Allow, ApiRateLimited, CurrentPrincipal, Public } from './access.decorator';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import type { AuthPrincipal } from './principal';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Public('Login da equipe. Limitado por IP e por e-mail.')
  @ApiOkResponse({ description: '{ token, user }' })
  @ApiUnauthorizedResponse({ description: 'Email ou senha inválidos.' })
  @ApiRateLimited()
  async login(@Body() dto: LoginDto, @Ip() ip: string): Promise<StaffLoginResponse> {
    const { token, account } = await this.auth.signIn(ip, dto.email, dto.password, 'user', (email) =>
      this.users.findOne({ where: { email } }),
    );
    return { token, user: toUserResponse(account) };
  }

  @Get('me')
  @Allow('staff')
  @ApiOkResponse({ description: '{ data: usuário }' })
  async me(@CurrentPrincipal() principal: AuthPrincipal) {
    const user = await this.users.findOne({ where: { id: principal.id } });
    if (!user) throw new NotFoundException('Usuário não encontrado.');
    return { data: toUserResponse(user) };
  }
}
