import { Body, Controller, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '../platform/limits';
import { Public } from '../platform/request';
import { RegisterFundadorDto, toClienteResponse } from '../clientes';
import { FundadoresService } from './fundadores.service';

@ApiTags('clientes')
@Controller('clientes')
export class FundadoresController {
  constructor(private readonly fundadores: FundadoresService) {}

  @Post('register/fundador')
  @Public(
    'Cadastro público de quem ainda não tem CNPJ (abertura de empresa): nome, CPF, e-mail, telefone e o nome pretendido da empresa. ' +
      'O cliente nasce sem CNPJ e com a sua primeira solicitação, a abertura; ao concluir a etapa CNPJ da abertura, a equipe informa ' +
      'CNPJ e NIRE e o cliente passa a ser a empresa. Limitado por IP (o mesmo limite do cadastro).',
  )
  @ApiCreatedResponse({ description: '{ data: cliente (cnpj null, cpf com máscara), abertura: { _id, numero } }' })
  @ApiBadRequestResponse({ description: 'Campos obrigatórios, CPF inválido (formato ou dígitos verificadores), e-mail, telefone, senha.' })
  @ApiConflictResponse({ description: 'E-mail já cadastrado, ou CPF com um cadastro aguardando a abertura.' })
  @RateLimit('cadastro')
  async registerFundador(@Body() dto: RegisterFundadorDto) {
    const { cliente, abertura } = await this.fundadores.registerFundador(dto);
    return { data: toClienteResponse(cliente), abertura: { _id: abertura.id, numero: abertura.numero } };
  }
}
