import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { uuidParam } from '../platform/http';
import { ApiListQuery, ListQueryParams, listResponse, parseListQuery } from '../platform/read-side';
import { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

const uuid = uuidParam('Usuário não encontrado.');

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Allow('users.list')
  @ApiListQuery('q (nome de usuário, nome, e-mail), tab (todos, master, diretoria, associados, financeiro, suporte), id (um ou mais ids)')
  @ApiOkResponse({ description: '{ data: usuários[], total } e cabeçalho Content-Range.' })
  async listUsers(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, {
      sortable: { _id: 'u.id', username: 'u.username', nomeCompleto: 'u.nomeCompleto', email: 'u.email', createdAt: 'u.createdAt' },
      filters: ['q', 'tab', 'id', '_id'],
      defaultSort: ['createdAt', 'DESC'],
    });
    const [rows, total] = await this.users.listUsers(req);
    return listResponse(res, 'users', req, rows.map(toUserResponse), total);
  }

  @Get(':id')
  @Allow('users.list')
  @ApiNotFoundResponse({ description: 'Usuário não encontrado.' })
  async getUser(@Param('id', uuid) id: string) {
    return { data: toUserResponse(await this.users.getUser(id)) };
  }

  @Post()
  @Allow('users.manage')
  @ApiCreatedResponse({ description: '{ data: usuário }' })
  @ApiConflictResponse({ description: 'Nome de usuário já está em uso.' })
  async createUser(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: CreateUserDto) {
    return { data: toUserResponse(await this.users.createUser(actor, dto)) };
  }

  @Put(':id')
  @Allow('users.manage')
  @ApiConflictResponse({ description: 'Nome de usuário em uso, ou o último Master seria rebaixado.' })
  async updateUser(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: UpdateUserDto) {
    return { data: toUserResponse(await this.users.updateUser(actor, id, dto)) };
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('users.manage')
  @ApiConflictResponse({ description: 'O último Master não pode ser excluído.' })
  async deleteUser(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: toUserResponse(await this.users.deleteUser(actor, id)) };
  }
}

/**
 * §7 lists POST /api/auth/register without showing it. Staff accounts are never self-service: this
 * is the same operation as POST /api/users, under the same rules (master and diretoria).
 */
@ApiTags('auth')
@Controller('auth')
export class StaffRegisterController {
  constructor(private readonly users: UsersService) {}

  @Post('register')
  @Allow('users.manage')
  @ApiCreatedResponse({ description: '{ data: usuário } — o mesmo que POST /api/users.' })
  @ApiConflictResponse({ description: 'Nome de usuário já está em uso.' })
  async registerStaff(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: CreateUserDto) {
    return { data: toUserResponse(await this.users.createUser(actor, dto)) };
  }
}
